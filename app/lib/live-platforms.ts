/** Where a seller streams a live sale (a live's `platform`). */
export const LIVE_PLATFORMS = ["instagram", "tiktok", "facebook", "youtube", "twitch", "other"] as const;
export type LivePlatform = (typeof LIVE_PLATFORMS)[number];
