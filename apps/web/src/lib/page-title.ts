export const SITE_NAME = 'AdSpace India';
/** The home page's title: the name alone says little in a tab or a search result. */
export const HOME_TITLE = 'AdSpace India - outdoor advertising, booked online';

/** "Lamp post on MG Road · AdSpace India"; the home page keeps its own full title. */
export const documentTitle = (title: string): string =>
  title === HOME_TITLE ? HOME_TITLE : `${title} · ${SITE_NAME}`;
