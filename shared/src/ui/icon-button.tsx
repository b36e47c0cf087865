import {
  Button,
  makeStyles,
  mergeClasses,
  Tooltip,
  type ButtonProps,
} from '@fluentui/react-components';
import type { MouseEvent, ReactElement } from 'react';

const useStyles = makeStyles({
  // ui-quality: 44×44 touch targets, whatever size Fluent gives an icon-only button.
  target: { minWidth: '44px', minHeight: '44px' },
});

export interface IconButtonProps {
  icon: ReactElement;
  /** The button's name, shown as its tooltip and read by screen readers. */
  label: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  appearance?: ButtonProps['appearance'];
  shape?: ButtonProps['shape'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  className?: string;
  'aria-pressed'?: boolean;
}

/** An icon-only button with the tooltip and accessible name every icon button must have. */
export function IconButton({ icon, label, className, ...props }: IconButtonProps) {
  const styles = useStyles();
  return (
    <Tooltip content={label} relationship="label" withArrow>
      <Button {...props} icon={icon} className={mergeClasses(styles.target, className)} />
    </Tooltip>
  );
}
