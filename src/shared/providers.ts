/** docs/behaviour.md#social-providers social provider ids, with the names the UI shows. */
export const SOCIAL_PROVIDERS = {
  apple: "Apple",
  discord: "Discord",
  facebook: "Facebook",
  github: "GitHub",
  microsoft: "Microsoft",
  google: "Google",
  huggingface: "Hugging Face",
  spotify: "Spotify",
  twitch: "Twitch",
  twitter: "X (Twitter)",
  dropbox: "Dropbox",
  kick: "Kick",
  linkedin: "LinkedIn",
  gitlab: "GitLab",
  tiktok: "TikTok",
  reddit: "Reddit",
  roblox: "Roblox",
  vk: "VK",
  zoom: "Zoom",
} as const;

export type SocialProviderId = keyof typeof SOCIAL_PROVIDERS;
export const SOCIAL_PROVIDER_IDS = Object.keys(SOCIAL_PROVIDERS) as SocialProviderId[];
