import { SlButton, SlIcon, SlTooltip } from './sl';

/**
 * A round icon button with its label as tooltip and accessible name (table tools). The name is the icon's label: an
 * `aria-label` on the `sl-button` host stays there, and the button inside its shadow root has no name (issue 27.9).
 */
export function ToolButton(props: {
  label: string;
  icon: string;
  testId: string;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <SlTooltip content={props.label}>
      <SlButton
        size="small"
        circle
        data-testid={props.testId}
        loading={props.loading ?? false}
        disabled={props.disabled ?? false}
        onClick={props.onClick}
      >
        <SlIcon name={props.icon} label={props.label} />
      </SlButton>
    </SlTooltip>
  );
}
