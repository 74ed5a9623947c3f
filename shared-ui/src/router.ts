// `@wms/shared-ui/router`: the only router of the portal. The shell, shared-ui and every remote import React Router from
// here (ESLint refuses 'react-router' and 'react-router-dom' in their sources), and this entry — not react-router — is the
// federation singleton (webpack/shared.js). Module Federation shares a module whole and never tree-shakes it: sharing
// react-router itself put all of it (framework mode, server rendering, forms, fetchers…: 51 KB brotli) on the first
// page. Shared as this small ES module, webpack keeps only the names below (react-router is `sideEffects: false`) inside
// the one shared chunk: one copy, one Router context for every app. Need another router API? Add it here.
export {
  createBrowserRouter,
  BrowserRouter,
  Routes,
  Route,
  Navigate,
  Link,
  NavLink,
  Outlet,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  type RouteObject,
} from 'react-router';
// The DOM RouterProvider (react-router-dom's): it passes ReactDOM.flushSync to the data router.
export { RouterProvider } from 'react-router/dom';
