ALTER TABLE "product_images" ADD COLUMN "video_provider" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "video_id" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_video_valid" CHECK (("product_images"."video_provider" is null and "product_images"."video_id" is null)
        or ("product_images"."video_provider" = 'youtube' and "product_images"."video_id" ~ '^[A-Za-z0-9_-]{10,12}$')
        or ("product_images"."video_provider" = 'vimeo' and "product_images"."video_id" ~ '^[1-9][0-9]{0,14}$'));