/**
 * The page's router, for the shell and every remote: one react-router instance, so one history
 * and one route context. This module is the Module Federation singleton, not react-router-dom: a
 * shared package is kept whole, since the build cannot know which of its exports other apps use
 * (the whole data router on every start), while this module names the parts the apps use and each
 * build keeps only those of the router.
 */
import { claimSingleton } from './singleton-guard';

claimSingleton('@app/shared/navigation');

export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
