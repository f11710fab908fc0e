import { z } from 'zod';

/** `POST /v3/config/web` and `POST /v3/config/banner` (spec §3 "Web config entries", §7). */

const keysSchema = z.array(z.string().min(1).max(128)).min(1).max(50);

export const webConfigRequestSchema = z.object({
  project_name: z.string().min(1).max(64),
  keys: keysSchema,
});

/** A name and its JSON value; keys the server does not know are left out. */
export const webConfigEntrySchema = z.object({ name: z.string(), value: z.unknown() });

export const webConfigResultSchema = z.object({ data: z.array(webConfigEntrySchema) });

export const bannerRequestSchema = z.object({
  project_name: z.string().min(1).max(64),
  keys: keysSchema,
  properties: z.object({ language: z.string().max(16).optional() }).optional(),
});

/** One banner; stored under `banner:<key>` in web config, per language or for all. */
export const bannerItemSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  link: z.string().optional(),
  image: z.string().optional(),
});

export const bannerResultSchema = z.object({
  data: z.array(z.object({ name: z.string(), value: z.array(bannerItemSchema) })),
});

export type WebConfigRequest = z.infer<typeof webConfigRequestSchema>;
export type WebConfigEntry = z.infer<typeof webConfigEntrySchema>;
export type BannerRequest = z.infer<typeof bannerRequestSchema>;
export type BannerItem = z.infer<typeof bannerItemSchema>;
