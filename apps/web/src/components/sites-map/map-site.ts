import type { SiteAvailability } from './availability';

/** A site as the map draws it: a pin where it has a position, coloured by its availability. */
export interface MapSite {
  id: number;
  name: string;
  city?: string;
  latitude: number | null;
  longitude: number | null;
  availability?: SiteAvailability;
}
