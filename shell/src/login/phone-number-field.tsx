import { Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { DIAL_CODES } from './dial-codes';
import { LOGIN_STEP_TEXT } from './texts';

const useStyles = makeStyles({
  row: { display: 'flex', columnGap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  dialCode: { flexShrink: 0, width: '7rem' },
  number: { flexGrow: 1 },
});

interface PhoneNumberFieldProps {
  label: string;
  dialCode: string;
  number: string;
  errors: string[] | undefined;
  onDialCodeChange: (dialCode: string) => void;
  onNumberChange: (number: string) => void;
  onBlur: () => void;
}

/** A country code list (default +1) beside the number; the two are joined on submit. */
export function PhoneNumberField(props: PhoneNumberFieldProps) {
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <Field className={styles.dialCode} label={LOGIN_STEP_TEXT.countryCodeLabel}>
        <Select
          value={props.dialCode}
          onChange={(_event, data) => props.onDialCodeChange(data.value)}
        >
          {DIAL_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        className={styles.number}
        label={props.label}
        required
        validationState={props.errors ? 'error' : 'none'}
        validationMessage={props.errors?.[0]}
      >
        <Input
          name="phone_number"
          type="tel"
          autoComplete="tel-national"
          value={props.number}
          onChange={(_event, data) => props.onNumberChange(data.value)}
          onBlur={props.onBlur}
        />
      </Field>
    </div>
  );
}
