/**
 * The two team profiles on the landing page. PLACEHOLDERS: replace the names, roles, bios and
 * portraits (src/client/public/images/team-*) with the real people before launch.
 */
export interface TeamMember {
  name: string;
  role: string;
  location: string;
  bio: string;
  image: "team-founder" | "team-coordinator";
}

export const team: TeamMember[] = [
  {
    name: "Maya Lindqvist",
    role: "Founder & Host",
    location: "London & Bali",
    bio: "Maya has organised grassroots animal-rights campaigns for twelve years, from street outreach to corporate campaigns. She started this retreat because the people who give the most to the movement rarely get the time, training and community to keep going.",
    image: "team-founder",
  },
  {
    name: "Kadek Ayu Pratiwi",
    role: "Workshops Coordinator",
    location: "Lives in Ubud, Bali",
    bio: "Born in Gianyar and living in Ubud, Kadek runs the workshop programme and knows every plant-based warung on the island. She connects guests with local sanctuaries, Balinese culture and the people working for animals in Indonesia.",
    image: "team-coordinator",
  },
];
