import { lazy } from 'react';

/*
 * The profile's dialogs load when first wanted, which keeps them out of the route's first show
 * (docs/bundle-budget.md). Starting the load when a pointer or the focus reaches the button that
 * opens one saves most of the wait on the tap itself.
 */

const loadConfirmDialog = () => import('@app/shared/ui/confirm-dialog');
const loadCropDialog = () => import('@app/shared/ui/crop-dialog');

export const ConfirmDialog = lazy(() =>
  loadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })),
);

export const CropDialog = lazy(() =>
  loadCropDialog().then((module) => ({ default: module.CropDialog })),
);

const ignoreFailure = () => undefined; // the lazy component reports it when it renders

/** Spread on a button that opens a confirmation. */
export const preloadConfirmDialog = {
  onPointerEnter: () => void loadConfirmDialog().catch(ignoreFailure),
  onFocus: () => void loadConfirmDialog().catch(ignoreFailure),
};

export function preloadCropDialog(): void {
  loadCropDialog().catch(ignoreFailure);
}
