/** Landing page copy that is not schedule, FAQ or team (those have their own files). */
export const includedItems = [
  {
    icon: "house",
    title: "A private luxury villa",
    text: "Ten nights in one villa of 10-14 rooms with a pool, gardens and space to breathe, shared only with the group.",
  },
  {
    icon: "utensils",
    title: "Every meal, plant-based",
    text: "A private chef cooking Balinese and international vegan food, plus a welcome dinner and a farewell feast.",
  },
  {
    icon: "megaphone",
    title: "Advocacy training",
    text: "Hands-on workshops on outreach, storytelling, campaigning and avoiding burnout, led by experienced activists.",
  },
  {
    icon: "mountain",
    title: "Adventures",
    text: "Nusa Penida by boat, a Mount Batur sunrise hike, waterfalls, rafting and Kuta Beach, all organised for you.",
  },
  {
    icon: "heart",
    title: "Culture & compassion",
    text: "A sanctuary visit, temple ceremonies and an offering-making class with Balinese hosts.",
  },
  {
    icon: "plane",
    title: "Airport transfers",
    text: "Pickup on arrival and drop-off on departure, with local drivers for every excursion in between.",
  },
  {
    icon: "users",
    title: "A community for life",
    text: "Fifteen like-minded people, group chats before and after, and alumni meet-ups long after you fly home.",
  },
  {
    icon: "leaf",
    title: "Giving back",
    text: "A portion of profits goes to a local animal sanctuary, so your stay helps the animals of Bali too.",
  },
] as const;

export type IncludedIcon = (typeof includedItems)[number]["icon"];

export const audience = [
  {
    title: "Vegans who care deeply about animals",
    text: "You live your values and want to do more for the animals, with people who get it.",
  },
  {
    title: "Activists, new and seasoned",
    text: "Whether you have never handed out a leaflet or run campaigns for years, you will leave with new skills.",
  },
  {
    title: "Solo travellers",
    text: "Most guests come alone. You will arrive knowing no one and leave with friends across the world.",
  },
  {
    title: "Couples who share the cause",
    text: "Share a room, a bed and the experience, with a couples rate per person.",
  },
  {
    title: "Anyone running on empty",
    text: "Compassion fatigue is real. Rest, recharge and rediscover why you started.",
  },
  {
    title: "Lovers of good living",
    text: "Luxury villa living, incredible food and adventures, without compromising your ethics.",
  },
] as const;

/** The selection process, in the spec's four steps. */
export const selectionSteps = [
  { title: "Apply", text: "A 5-minute form." },
  { title: "Vibe Check", text: "Social media review for values alignment." },
  { title: "Quick Chat", text: "A short WhatsApp or Zoom call." },
  { title: "Decision", text: "Acceptance with a payment link, or a respectful decline with future opportunities." },
] as const;
