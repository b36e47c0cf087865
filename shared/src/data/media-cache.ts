import type { MediaItem, MediaPage } from '../contract/media';
import {
  GALLERY_CACHE_TTL_MS,
  GALLERY_STORED_PAGES_MAX,
  STORAGE_KEY_PREFIX,
} from '../spec/constants';

/**
 * The gallery's cache in browser storage (spec §9): each page of GET /media as last read, fresh
 * for 45 minutes. A return to the gallery then shows the same images at the same signed URLs
 * without a request (so the browser's image cache still holds them), and the last pages open
 * offline at any age. The key carries the product prefix: logout removes it (spec §9).
 */
export const GALLERY_STORAGE_KEY = `${STORAGE_KEY_PREFIX}gallery-pages`;

/** Under which id a page is stored: its request's SWR key (path and query, cursor included). */
export const galleryPageId = (key: readonly [string, unknown?]): string => JSON.stringify(key);

/** A media item as the gallery keeps it: `cacheTimestamp` is when its URLs were read (spec §3). */
export interface GalleryItem extends MediaItem {
  cacheTimestamp: number;
}

export interface GalleryPage extends Omit<MediaPage, 'items'> {
  items: GalleryItem[];
}

interface StoredPage {
  savedAt: number;
  page: GalleryPage;
}

interface StoredGallery {
  version: 1;
  /** By the page's request (path and query, cursor included). */
  pages: Record<string, StoredPage>;
  /** How many pages of each list were loaded, so a return shows as many again. */
  pageCounts: Record<string, number>;
}

const emptyGallery = (): StoredGallery => ({ version: 1, pages: {}, pageCounts: {} });

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be switched off (a privacy setting); the gallery then works from memory.
    return undefined;
  }
}

function read(): StoredGallery {
  try {
    const parsed = JSON.parse(storage()?.getItem(GALLERY_STORAGE_KEY) ?? 'null') as unknown;
    if (parsed && typeof parsed === 'object' && (parsed as StoredGallery).version === 1) {
      return parsed as StoredGallery;
    }
  } catch {
    // Unreadable: as good as empty.
  }
  return emptyGallery();
}

/** Keeps the newest pages within the cap; a full storage drops the cache rather than fail. */
function write(gallery: StoredGallery): void {
  const entries = Object.entries(gallery.pages).sort(([, a], [, b]) => b.savedAt - a.savedAt);
  const kept = {
    ...gallery,
    pages: Object.fromEntries(entries.slice(0, GALLERY_STORED_PAGES_MAX)),
  };
  try {
    storage()?.setItem(GALLERY_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    clearStoredGallery();
  }
}

export function stampPage(page: MediaPage, savedAt: number): GalleryPage {
  return { ...page, items: page.items.map((item) => ({ ...item, cacheTimestamp: savedAt })) };
}

/** The stored page and when it was saved; undefined when this request was never stored. */
export function storedPage(pageId: string): StoredPage | undefined {
  return read().pages[pageId];
}

export function isFresh(stored: StoredPage, now = Date.now()): boolean {
  const age = now - stored.savedAt;
  return age >= 0 && age < GALLERY_CACHE_TTL_MS;
}

export function storePage(pageId: string, page: GalleryPage, savedAt: number): void {
  const gallery = read();
  gallery.pages[pageId] = { savedAt, page };
  write(gallery);
}

export function storedPageCount(listId: string): number {
  return read().pageCounts[listId] ?? 1;
}

export function storePageCount(listId: string, count: number): void {
  const gallery = read();
  if (gallery.pageCounts[listId] === count) return;
  gallery.pageCounts[listId] = count;
  write(gallery);
}

/** Applies `change` to every stored item (a deletion, fresh URLs) and keeps the result. */
export function updateStoredItems(change: (items: GalleryItem[]) => GalleryItem[]): void {
  const gallery = read();
  for (const stored of Object.values(gallery.pages)) {
    stored.page = { ...stored.page, items: change(stored.page.items) };
  }
  write(gallery);
}

/** Every stored page is read again from the API next time (a new image, a delete elsewhere). */
export function dropStoredPages(): void {
  const gallery = read();
  write({ ...gallery, pages: {} });
}

export function clearStoredGallery(): void {
  try {
    storage()?.removeItem(GALLERY_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}
