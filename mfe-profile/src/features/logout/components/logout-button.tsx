import { PROFILE_TEXT } from '@app/shared/spec';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { Suspense, useState } from 'react';
import { ConfirmDialog, preloadConfirmDialog } from '../../../components/lazy-dialogs';
import { requestLogout } from '../api/request-logout';
import { PROFILE_UI_TEXT } from '../../../texts';

const useStyles = makeStyles({
  button: {
    minHeight: '44px',
    width: '100%',
    color: tokens.colorPaletteRedForeground1,
    ':hover': { color: tokens.colorPaletteRedForeground1 },
    ':hover:active': { color: tokens.colorPaletteRedForeground1 },
  },
});

/** LOG OUT with its confirmation (spec §2); 'Failed to logout' when the shell could not. */
export function LogoutButton() {
  const styles = useStyles();
  const [dialog, setDialog] = useState<'closed' | 'open' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const logout = async () => {
    setError(null);
    try {
      await requestLogout();
    } catch (failure) {
      setError(PROFILE_TEXT.logoutFailed);
      throw failure;
    }
  };

  return (
    <>
      <Button
        className={styles.button}
        appearance="outline"
        size="large"
        icon={<SignOutRegular />}
        onClick={() => {
          setError(null);
          setDialog('open');
        }}
        {...preloadConfirmDialog}
      >
        {PROFILE_TEXT.logOut}
      </Button>
      {dialog !== null ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={dialog === 'open'}
            title={PROFILE_UI_TEXT.logOutConfirm}
            message={PROFILE_UI_TEXT.logOutQuestion}
            confirmLabel={PROFILE_UI_TEXT.logOutConfirm}
            busyLabel={PROFILE_UI_TEXT.loggingOut}
            error={error}
            onConfirm={logout}
            onDismiss={() => setDialog('closed')}
          />
        </Suspense>
      ) : null}
    </>
  );
}
