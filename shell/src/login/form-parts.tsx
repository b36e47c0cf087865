import { codeDeliveryMessage, LOGIN_TEXT } from '@app/shared/spec';
import { HOVER_MEDIA } from '@app/shared/ui/hover';
import {
  Button,
  Field,
  Input,
  makeStyles,
  Spinner,
  Text,
  tokens,
  type InputProps,
} from '@fluentui/react-components';
import { Fragment, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { TOUCH_TARGET_PX } from '../touch';
import type { FieldErrors } from './login-forms';
import type { CodeDelivery, LoginFlowState } from './login-flow';
import type { LoginFlowActions } from './login-actions';
import { LOGIN_STEP_TEXT } from './texts';

/** What every step screen receives. */
export interface StepProps {
  state: LoginFlowState;
  actions: LoginFlowActions;
}

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  linkButton: {
    alignSelf: 'flex-start',
    // A text link a thumb can hit: the tap area is taller than the words.
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: `${TOUCH_TARGET_PX}px`,
    padding: 0,
    border: 'none',
    backgroundColor: 'transparent',
    color: tokens.colorBrandForegroundLink,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    [HOVER_MEDIA]: {
      ':hover': { color: tokens.colorBrandForegroundLinkHover, textDecorationLine: 'underline' },
    },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

/**
 * A link-looking button for moving between steps. Fluent's Link would add its package to the
 * shell's first load for two words of text.
 */
export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={useStyles().linkButton} onClick={onClick}>
      {children}
    </button>
  );
}

interface StepFormProps {
  heading: string;
  onSubmit: () => void;
  children: ReactNode;
  /** The field (by name) to focus instead of the first, e.g. the one the visitor was typing in. */
  focusField?: string;
}

/**
 * One step's form: Enter in any field submits it (a real <form>), and the first field takes the
 * focus when the step appears, so a keyboard user never has to find it. Before the frame is
 * painted: there is never a frame where typing goes nowhere.
 */
export function StepForm({ heading, onSubmit, children, focusField }: StepFormProps) {
  const styles = useStyles();
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const field = focusField
      ? form.current?.querySelector<HTMLElement>(`input[name="${focusField}"]`)
      : null;
    const first =
      field ??
      form.current?.querySelector<HTMLElement>('input:not([readonly])') ??
      form.current?.querySelector<HTMLElement>('button[type="submit"]');
    first?.focus();
  }, [focusField]);
  return (
    <form
      ref={form}
      className={styles.form}
      aria-label={heading}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 className={styles.heading}>{heading}</h2>
      {children}
    </form>
  );
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className={useStyles().actions}>{children}</div>;
}

interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Nothing to submit yet (e.g. no choice made); `busy` disables it as well. */
  disabled?: boolean;
}

export function SubmitButton({ busy, label, busyLabel, disabled = false }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      appearance="primary"
      disabled={busy || disabled}
      icon={busy ? <Spinner size="tiny" /> : undefined}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}

/** A password can break several rules at once: one line each. */
function ValidationMessages({ messages }: { messages: string[] }) {
  return (
    <>
      {messages.map((message, index) => (
        <Fragment key={message}>
          {index > 0 && <br />}
          {message}
        </Fragment>
      ))}
    </>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  errors: string[] | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: InputProps['type'];
  autoComplete?: string;
  inputMode?: InputProps['inputMode'];
  required?: boolean;
}

/** A labelled input whose messages are announced with it (Field wires aria-describedby). */
export function TextField(props: TextFieldProps) {
  const { label, name, value, errors, onChange, onBlur, type = 'text', required = true } = props;
  return (
    <Field
      label={label}
      required={required}
      validationState={errors ? 'error' : 'none'}
      validationMessage={errors ? <ValidationMessages messages={errors} /> : undefined}
    >
      <Input
        name={name}
        type={type}
        value={value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        onChange={(_event, data) => onChange(data.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

/** What `form.bind` gives a field: the rest is the field's kind. */
type BoundFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'inputMode'>;

/** A one-time code: phones offer the code from the SMS or e-mail, on a digit keyboard. */
export function CodeField({
  label = LOGIN_STEP_TEXT.codeLabel,
  inputMode = 'numeric',
  ...field
}: BoundFieldProps & { label?: string; inputMode?: InputProps['inputMode'] }) {
  return <TextField label={label} autoComplete="one-time-code" inputMode={inputMode} {...field} />;
}

/** A password being chosen: password managers offer to generate and save it. */
export function NewPasswordField({ label, ...field }: BoundFieldProps & { label: string }) {
  return <TextField label={label} type="password" autoComplete="new-password" {...field} />;
}

/** A confirm step can always return to sign-in (§4). */
export function BackToSignInLink({ actions }: Pick<StepProps, 'actions'>) {
  return (
    <LinkButton onClick={() => actions.navigate('signIn')}>{LOGIN_TEXT.backToSignIn}</LinkButton>
  );
}

export function CodeDeliveryNote({ codeDelivery }: { codeDelivery: CodeDelivery | null }) {
  return (
    <Text>{codeDeliveryMessage(codeDelivery?.deliveryMedium, codeDelivery?.destination)}</Text>
  );
}

/**
 * Form values, the fields the user has left, and whether submit was tried. Before a submit, only
 * a left field with something typed in it shows its messages: a 'required' message appearing
 * when focus moves on from an empty field would shift the button under the user's pointer.
 */
export function useFormValues<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const setValue = useCallback(
    (name: keyof T, value: string) => setValues((current) => ({ ...current, [name]: value })),
    [],
  );
  const touch = (name: string) => setTouched((current) => ({ ...current, [name]: true }));
  const isTouched = (name: string) => submitted || touched[name] === true;
  const shownErrors = (errors: FieldErrors): FieldErrors =>
    submitted
      ? errors
      : Object.fromEntries(
          Object.entries(errors).filter(
            ([field]) => touched[field] === true && (values[field] ?? '') !== '',
          ),
        );

  /** The props that tie a TextField to one field: its value, shown errors and touch tracking. */
  const bind = <K extends keyof T & string>(name: K, shown: FieldErrors) => ({
    name,
    value: values[name],
    errors: shown[name],
    onChange: (value: string) => setValue(name, value),
    onBlur: () => touch(name),
  });

  /** Marks the form submitted; calls `send` only when `errorsNow` is empty. */
  const submit = (errorsNow: FieldErrors, send: () => void) => {
    setSubmitted(true);
    if (Object.keys(errorsNow).length === 0) send();
  };

  return { values, setValue, touch, isTouched, shownErrors, bind, submit };
}
