// Bundled with the app (not fetched from a font CDN) so the installed PWA renders offline.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
