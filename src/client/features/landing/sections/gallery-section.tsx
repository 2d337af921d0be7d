import { cn } from "../../../lib/cn";
import { galleryImages } from "../content/images";
import { ResponsiveImage } from "../ui/responsive-image";
import { SectionHeading } from "../ui/section-heading";

// A curated mosaic: two large tiles, two tall ones and eight small ones fill 4 x 5 cells exactly
// (2 x 10 on phones); grid-flow-dense closes any gap the order leaves.
const big = "col-span-2 row-span-2";
const tall = "row-span-2";
const spans = [big, "", tall, "", "", "", "", big, tall, "", "", ""];

export function GallerySection() {
  return (
    <section id="gallery" aria-labelledby="gallery-heading" className="py-24 md:py-32">
      <div className="mx-auto max-w-7xl px-5 lg:px-8">
        <SectionHeading id="gallery-heading" eyebrow="Gallery" title="A glimpse of your ten days" />
        <ul className="mt-16 grid grid-flow-dense auto-rows-[9rem] grid-cols-2 gap-3 sm:auto-rows-[11rem] md:auto-rows-[14rem] md:gap-4 lg:grid-cols-4">
          {galleryImages.map((image, index) => (
            <li key={image.name} className={cn("overflow-hidden rounded-2xl bg-sand", spans[index])}>
              <ResponsiveImage
                image={image}
                alt={image.alt}
                sizes="(min-width: 1024px) 25vw, 50vw"
                className="h-full w-full object-cover transition-transform duration-700 hover:scale-105"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
