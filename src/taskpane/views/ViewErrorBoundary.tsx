import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { Component, type ReactNode } from 'react';

interface Props {
  /** Words for the failure and for the way out, from the pane's catalog. */
  message: string;
  retryLabel: string;
  children: ReactNode;
}

/**
 * A view that could not be shown (its code failed to load over a broken connection, say) becomes a message
 * with "Try again", which loads the pane afresh, instead of a blank pane or a spinner that never ends.
 */
export class ViewErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{this.props.message}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => window.location.reload()}>{this.props.retryLabel}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
}
