// Only an async import here: shared singletons (react, router, i18next…) are negotiated before any of them runs.
import('./bootstrap');
