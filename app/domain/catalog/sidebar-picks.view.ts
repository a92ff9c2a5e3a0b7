/** The listing sidebar's product tabs, as the page shows them. */
export type SidebarPick = {
  id: number;
  slug: string;
  name: string;
  rating: { average: number; count: number };
};

export type SidebarPicks = {
  newest: SidebarPick[];
  popular: SidebarPick[];
  topRated: SidebarPick[];
};
