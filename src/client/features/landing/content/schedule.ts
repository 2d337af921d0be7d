/** The ten days of the retreat; titles are fixed by the spec, descriptions are ours. */
export const scheduleDays = [
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
] as const;
