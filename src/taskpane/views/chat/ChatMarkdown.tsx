import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type MarkdownInline } from '../../../core/markdown';

const useStyles = makeStyles({
  text: { margin: 0, overflowWrap: 'anywhere' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  code: { fontFamily: tokens.fontFamilyMonospace, backgroundColor: tokens.colorNeutralBackground3, padding: `0 ${tokens.spacingHorizontalXXS}` },
  block: {
    fontFamily: tokens.fontFamilyMonospace, backgroundColor: tokens.colorNeutralBackground3, padding: tokens.spacingHorizontalS,
    margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere',
  },
});

/**
 * An agent's answer, its Markdown rendered as elements. The content is untrusted: it never reaches the page as
 * HTML, so markup in it shows as the characters it is, and only https and mailto links are links.
 */
export function ChatMarkdown({ source }: { source: string }) {
  const styles = useStyles();
  const inline = (nodes: MarkdownInline[]): ReactNode =>
    nodes.map((node, i) => {
      switch (node.kind) {
        case 'text': return <Fragment key={i}>{node.text}</Fragment>;
        case 'strong': return <strong key={i}>{inline(node.children)}</strong>;
        case 'emphasis': return <em key={i}>{inline(node.children)}</em>;
        case 'code': return <code key={i} className={styles.code}>{node.text}</code>;
        case 'link': return <Link key={i} href={node.href} target="_blank" rel="noopener noreferrer">{inline(node.children)}</Link>;
      }
    });
  return (
    <>
      {parseMarkdown(source).map((block, i) => {
        switch (block.kind) {
          case 'paragraph': return <p key={i} className={styles.text}>{inline(block.children)}</p>;
          // Inside the pane's own h2 sections, an answer's headings are one level down at most.
          case 'heading': return <p key={i} className={styles.text}><strong>{inline(block.children)}</strong></p>;
          case 'code': return <pre key={i} className={styles.block}>{block.text}</pre>;
          case 'list': {
            const items = block.items.map((item, j) => <li key={j}>{inline(item)}</li>);
            return block.ordered ? <ol key={i} className={styles.list}>{items}</ol> : <ul key={i} className={styles.list}>{items}</ul>;
          }
        }
      })}
    </>
  );
}
