import { LAYOUT } from '@app/shared/spec';
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Suspense } from 'react';
import type { StepProps } from './form-parts';
import type { EntryStep, LoginStep } from './login-flow';
import { TOUCH_SIZED_CONTROLS } from '../touch';
import { LAZY_STEPS } from './lazy-steps';
import { LoginTabs } from './login-tabs';
import { SignInForm } from './sign-in-form';
import { useLoginFlow } from './use-login-flow';

export interface LoginPageProps {
  initialStep?: EntryStep;
  /** Called once the user is signed in and past the verify steps. */
  onFinished: () => void;
}

const useStyles = makeStyles({
  card: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: `${LAYOUT.loginCardMaxWidthPx}px`,
    margin: `${tokens.spacingVerticalL} auto`,
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow8,
    ...TOUCH_SIZED_CONTROLS,
  },
  /** §8's red box; a plain alert instead of Fluent's MessageBar keeps it out of the first load. */
  error: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
});

/** The sign-in widget: Sign In / Sign Up tabs and every further step of the flow (§2, §4). */
export function LoginPage({ initialStep = 'signIn', onFinished }: LoginPageProps) {
  const styles = useStyles();
  const [state, actions] = useLoginFlow(initialStep, onFinished);
  if (state.step === 'done') return null;

  return (
    <section className={styles.card} data-testid="login-card">
      {(state.step === 'signIn' || state.step === 'signUp') && (
        <LoginTabs selected={state.step} onSelect={actions.navigate} />
      )}
      {state.remoteError && (
        <div role="alert" className={styles.error} data-testid="login-error">
          {state.remoteError}
        </div>
      )}
      <Suspense fallback={<Spinner />}>
        {/* Keyed by step: each step starts with fresh fields and takes the focus. */}
        <StepScreen key={state.step} step={state.step} state={state} actions={actions} />
      </Suspense>
    </section>
  );
}

function StepScreen({ step, ...props }: StepProps & { step: Exclude<LoginStep, 'done'> }) {
  if (step === 'signIn') return <SignInForm {...props} />;
  const Screen = LAZY_STEPS[step];
  return <Screen {...props} />;
}
