import { type ArtImage, imageFallbackSrc, imageSrcSet } from "../content/images";

interface ResponsiveImageProps {
  image: Pick<ArtImage, "name" | "width" | "height" | "widths">;
  alt: string;
  /** The `sizes` attribute: how wide the picture is drawn, so the browser picks the right file. */
  sizes: string;
  className?: string;
  /** The hero is the largest paint: load it eagerly and first. Everything else waits. */
  priority?: boolean;
}

/** AVIF with a WebP fallback, width and height always set so nothing shifts when it loads. */
export function ResponsiveImage({ image, alt, sizes, className, priority = false }: ResponsiveImageProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, "webp")} sizes={sizes} />
      <img
        src={imageFallbackSrc(image)}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}
