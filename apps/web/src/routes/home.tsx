import HomePage from '../features/home/home-page';
import { pageMeta } from '../lib/page-meta';
import { HOME_TITLE } from '../lib/page-title';

export const meta = () => pageMeta(HOME_TITLE);

export default HomePage;
