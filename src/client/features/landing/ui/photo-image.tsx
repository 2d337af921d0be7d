import type { PublicPhoto } from "../../../../shared/schemas/site-content";

interface PhotoImageProps {
  photo: PublicPhoto;
  sizes: string;
  className?: string;
  priority?: boolean;
}

/**
 * An uploaded photo (decision 018): AVIF and WebP variants under /media, with the width and height
 * recorded at upload so nothing shifts. Rendered in static islands only: server HTML, no hydration.
 */
export function PhotoImage({ photo, sizes, className, priority = false }: PhotoImageProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={photo.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
      <img
        src={photo.src}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
        className={className}
      />
    </picture>
  );
}
