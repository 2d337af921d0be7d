import type { SiteContent } from "../../../shared/schemas/site-content";

/**
 * The first season's public site, word for word as the spec gives it (the Playwright journeys
 * check these texts). A fresh install publishes it for the seeded retreat; later seasons start
 * from a copy of the season before (site-content.service.ts copySiteContent).
 */
export const defaultSiteContent: SiteContent = {
  hero: {
    eyebrow: "By application only",
    title: "Bali Vegan Activism Retreat 2026",
    lead: "Ten days of advocacy training, deep community and luxury villa living for vegans who want to change the world for animals, and have the time of their lives doing it.",
  },
  about: {
    eyebrow: "Why Bali",
    title: "An island that makes compassion feel easy",
    body: "Bali is one of the most vegan-friendly places on earth: warungs serving tempeh fresh from the village, smoothie bowls on every corner and a culture built on daily offerings of gratitude. It is the perfect place to step out of everyday life and into a community that shares your values.\n\nFor ten days we live together in a private villa, learn from each other, train as advocates and explore the island: rice terraces, waterfalls, temples, sanctuaries and the sunrise from the top of a volcano.",
  },
  included: [
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
  ],
  schedule: [
    {
      title: "Soft Landing",
      description:
        "Early arrivals settle into the villa: a swim, a long plant-based lunch and an evening to simply land. Airport pickups run all day.",
    },
    {
      title: "Arrival Window",
      description:
        "Everyone arrives. Welcome circle at sunset, introductions, and a first dinner together cooked by our private chef.",
    },
    {
      title: "Explore Bali",
      description:
        "Rice terraces, a waterfall swim and Ubud's vegan cafés. A gentle day to find your feet and your people.",
    },
    {
      title: "Advocacy + Action",
      description:
        "Our first full workshop day: effective outreach, storytelling and campaign strategy, then putting it into practice together.",
    },
    {
      title: "Adventure",
      description:
        "White-water rafting or a jungle trek (your choice), followed by an afternoon of massages and pool time back at the villa.",
    },
    {
      title: "Culture & Compassion",
      description:
        "A morning at a local animal sanctuary, a Balinese offering-making class and a temple visit at golden hour.",
    },
    {
      title: "Kuta Beach + Social",
      description:
        "Surf lessons or sunbathing on Kuta Beach, then a relaxed social evening with Bali's vegan and activist community.",
    },
    {
      title: "Adventure + Island Exploration (Nusa Penida)",
      description:
        "A fast boat to Nusa Penida: Kelingking cliffs, crystal bays and snorkelling with manta rays in the wild.",
    },
    {
      title: "Reflection + Summit (Mount Batur sunrise hike)",
      description:
        "A pre-dawn climb to watch the sun rise over Mount Batur, then a closing circle to reflect, commit and celebrate.",
    },
    {
      title: "Departures",
      description:
        "A last breakfast together, goodbyes that are really see-you-soons, and airport drop-offs throughout the day.",
    },
  ],
  dates: {
    label: "May 2026",
    detail: "Exact dates to be announced",
  },
  audience: [
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
  ],
  faq: [
    {
      question: "How many people will be there?",
      answer:
        "At most 15 guests, and 18 people in total with the team. We stay together as one group in a private villa with 10-14 rooms, so everyone gets to know each other.",
    },
    {
      question: "Can I come on my own?",
      answer:
        "Absolutely: over 70% of our guests come solo. You will be welcomed into the group chat before you fly, and you will leave with friends.",
    },
    {
      question: "Is there a payment plan?",
      answer:
        "Yes. A deposit secures your place, then the balance is split into 2 equal payments, due 6 months and 3 months before departure. The deposit and each payment for your rate are shown under Investment.",
    },
    {
      question: "Are flights included?",
      answer:
        "Flights are not included. Return flights to Bali (Denpasar) usually cost £600-£1,500, depending on where you fly from and when you book. Airport pickup and drop-off are included.",
    },
    {
      question: "Do I need travel insurance?",
      answer:
        "Yes, travel insurance is mandatory for every guest. Once you are accepted we ask for your policy details in a short travel form, together with your flights and an emergency contact.",
    },
    {
      question: "What is the cancellation policy?",
      answer:
        "Cancel more than 90 days before the retreat for a full refund minus a £200 admin fee. Between 30 and 90 days before, you receive a 50% refund. Within 30 days of the retreat no refund is possible, which is one more reason to have travel insurance.",
    },
    {
      question: "What if the retreat is not right for me?",
      answer:
        "Our risk-free guarantee: if you are not satisfied within the first 48 hours, tell us and we will refund you in full, minus any travel costs already incurred.",
    },
    {
      question: "What should I pack?",
      answer:
        "We send every guest a packing checklist 8 weeks before departure, with everything from hiking shoes for Mount Batur to reef-safe sunscreen.",
    },
    {
      question: "When exactly is the retreat?",
      answer:
        "May 2026, for 10 days and 9 nights. The exact dates will be announced soon; everyone who applies or joins the waitlist hears first.",
    },
    {
      question: "Is all the food vegan?",
      answer:
        "Everything is 100% plant-based, always. Tell us about allergies and preferences in your application and our chef will take care of you.",
    },
  ],
  team: [
    {
      name: "Maya Lindqvist",
      role: "Founder & Host",
      location: "London & Bali",
      bio: "Maya has organised grassroots animal-rights campaigns for twelve years, from street outreach to corporate campaigns. She started this retreat because the people who give the most to the movement rarely get the time, training and community to keep going.",
      portrait: "team-founder",
      email: "",
    },
    {
      name: "Kadek Ayu Pratiwi",
      role: "Workshops Coordinator",
      location: "Lives in Ubud, Bali",
      bio: "Born in Gianyar and living in Ubud, Kadek runs the workshop programme and knows every plant-based warung on the island. She connects guests with local sanctuaries, Balinese culture and the people working for animals in Indonesia.",
      portrait: "team-coordinator",
      email: "",
    },
  ],
  contact: {
    email: "hello@baliveganretreat.example",
    social: [
      {
        network: "Instagram",
        href: "https://www.instagram.com/baliveganretreat",
      },
      {
        network: "Facebook",
        href: "https://www.facebook.com/baliveganretreat",
      },
      {
        network: "YouTube",
        href: "https://www.youtube.com/@baliveganretreat",
      },
    ],
  },
  notice: {
    show: true,
    text: "This website is still in early development. Applications are open, but details such as exact dates may change. Not ready to apply? Join the waitlist and we will tell you the moment dates are confirmed.",
  },
};
