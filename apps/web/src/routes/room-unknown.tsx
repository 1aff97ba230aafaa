import { type LoaderFunctionArgs, redirect } from 'react-router';

/**
 * An unknown address inside a console room (/partner/… or /ops/…) goes to the room's first screen, on the
 * server as in the browser.
 */
function roomHome({ request }: LoaderFunctionArgs): never {
  const room = new URL(request.url).pathname.split('/')[1];
  throw redirect(`/${room}`);
}

export const loader = roomHome;

export default function RoomUnknown() {
  return null;
}
