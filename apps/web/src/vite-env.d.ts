/// <reference types="vite/client" />

/** pincode-lat-long ships its table as CommonJS without types: PIN code -> centre of its area. */
declare module 'pincode-lat-long/pincode.js' {
  const table: Record<string, { lat: number; long: number }>;
  export default table;
}
