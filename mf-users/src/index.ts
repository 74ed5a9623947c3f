// Only an async import here: shared singletons are negotiated before any of them runs.
import('./bootstrap');
