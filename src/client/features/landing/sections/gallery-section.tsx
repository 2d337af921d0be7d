import { cn } from "../../../lib/cn";
import { galleryImages } from "../content/images";
import { PhotoImage } from "../ui/photo-image";
import { ResponsiveImage } from "../ui/responsive-image";
import { SectionHeading } from "../ui/section-heading";
import { useSiteContent } from "../use-current-retreat";

// A curated mosaic: two large tiles, two tall ones and eight small ones fill 4 x 5 cells exactly
// (2 x 10 on phones); grid-flow-dense closes any gap the order leaves.
const big = "col-span-2 row-span-2";
const tall = "row-span-2";
const spans = [big, "", tall, "", "", "", "", big, tall, "", "", ""];

const tileImage = "h-full w-full object-cover transition-transform duration-700 hover:scale-105";
const tileSizes = "(min-width: 1024px) 25vw, 50vw";

export function GallerySection() {
  // Uploaded photos replace the illustrations as a set; none ready yet: the illustrations.
  const photos = useSiteContent().data?.content.photos?.gallery ?? [];
  return (
    <section id="gallery" aria-labelledby="gallery-heading" className="py-24 md:py-32">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionHeading id="gallery-heading" eyebrow="Gallery" title="A glimpse of your ten days" />
        <ul className="mt-16 grid grid-flow-dense auto-rows-[9rem] grid-cols-2 gap-3 sm:auto-rows-[11rem] md:auto-rows-[14rem] md:gap-4 lg:grid-cols-4">
          {photos.length > 0
            ? photos.map((photo, index) => (
                <li key={photo.src} className={cn("overflow-hidden rounded-2xl bg-sand", spans[index])}>
                  <PhotoImage photo={photo} sizes={tileSizes} className={tileImage} />
                </li>
              ))
            : galleryImages.map((image, index) => (
                <li key={image.name} className={cn("overflow-hidden rounded-2xl bg-sand", spans[index])}>
                  <ResponsiveImage image={image} alt={image.alt} sizes={tileSizes} className={tileImage} />
                </li>
              ))}
        </ul>
      </div>
    </section>
  );
}
