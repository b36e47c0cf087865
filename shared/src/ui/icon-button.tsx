import { Button, makeStyles, mergeClasses, type ButtonProps } from '@fluentui/react-components';
import type { MouseEvent, ReactElement } from 'react';

const useStyles = makeStyles({
  // ui-quality: 44×44 touch targets, whatever size Fluent gives an icon-only button.
  target: { minWidth: '44px', minHeight: '44px' },
});

export interface IconButtonProps {
  icon: ReactElement;
  /** The button's name: read by screen readers and shown as its tooltip. */
  label: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  appearance?: ButtonProps['appearance'];
  shape?: ButtonProps['shape'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  /** Disabled but keeps focus (a busy action: focus must not fall out of a dialog). */
  disabledFocusable?: boolean;
  className?: string;
  'aria-pressed'?: boolean;
}

/**
 * An icon-only button with the name and tooltip every icon button must have. The tooltip is the
 * browser's own (`title`): Fluent's Tooltip would add its positioning code to every remote that
 * shows one of these on its first screen (docs/bundle-budget.md).
 */
export function IconButton({ icon, label, className, ...props }: IconButtonProps) {
  const styles = useStyles();
  return (
    <Button
      {...props}
      icon={icon}
      aria-label={label}
      title={label}
      className={mergeClasses(styles.target, className)}
    />
  );
}
