import { bus } from '@app/shared/bus';
import { COMMON_TEXT, PROFILE_TEXT } from '@app/shared/spec';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
} from '@fluentui/react-components';

/** The profile owns the confirmation; the shell owns signing out, so we only ask it to. */
export function LogoutButton() {
  return (
    <Dialog>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="outline">{PROFILE_TEXT.logOut}</Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Log out</DialogTitle>
          <DialogContent>Are you sure you want to log out?</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">{COMMON_TEXT.cancel}</Button>
            </DialogTrigger>
            <Button
              appearance="primary"
              onClick={() => bus.emit('auth:logout-requested', { source: 'profile' })}
            >
              Log out
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
