/**
 * Large cities drawn as labels on the tile-less map, so an owner can find their region without a basemap
 * (approximate city centres; nothing is fetched to draw them).
 */
export const REFERENCE_CITIES: ReadonlyArray<{
  name: string;
  lat: number;
  lng: number;
  minZoom: number;
  /** Where the label sits, when the default (right) would cover a neighbour's. */
  side?: 'left';
}> = [
  { name: 'Delhi', lat: 28.6139, lng: 77.209, minZoom: 3 },
  { name: 'Mumbai', lat: 19.076, lng: 72.8777, minZoom: 3 },
  { name: 'Kolkata', lat: 22.5726, lng: 88.3639, minZoom: 3 },
  { name: 'Chennai', lat: 13.0827, lng: 80.2707, minZoom: 3 },
  { name: 'Bengaluru', lat: 12.9716, lng: 77.5946, minZoom: 3, side: 'left' },
  { name: 'Hyderabad', lat: 17.385, lng: 78.4867, minZoom: 3 },
  { name: 'Ahmedabad', lat: 23.0225, lng: 72.5714, minZoom: 5 },
  { name: 'Pune', lat: 18.5204, lng: 73.8567, minZoom: 5 },
  { name: 'Jaipur', lat: 26.9124, lng: 75.7873, minZoom: 5 },
  { name: 'Lucknow', lat: 26.8467, lng: 80.9462, minZoom: 5 },
  { name: 'Guwahati', lat: 26.1445, lng: 91.7362, minZoom: 4 },
  { name: 'Bhopal', lat: 23.2599, lng: 77.4126, minZoom: 5 },
  { name: 'Patna', lat: 25.5941, lng: 85.1376, minZoom: 5 },
  { name: 'Bhubaneswar', lat: 20.2961, lng: 85.8245, minZoom: 5 },
  { name: 'Kochi', lat: 9.9312, lng: 76.2673, minZoom: 5 },
  { name: 'Chandigarh', lat: 30.7333, lng: 76.7794, minZoom: 5 },
  { name: 'Nagpur', lat: 21.1458, lng: 79.0882, minZoom: 5 },
  { name: 'Panaji', lat: 15.4909, lng: 73.8278, minZoom: 6 },
  { name: 'Srinagar', lat: 34.0837, lng: 74.7973, minZoom: 5 },
  { name: 'Visakhapatnam', lat: 17.6868, lng: 83.2185, minZoom: 5 },
];
