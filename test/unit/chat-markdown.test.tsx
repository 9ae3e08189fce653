import { renderToStaticMarkup } from 'react-dom/server';
import { ChatMarkdown } from '../../src/taskpane/views/chat/ChatMarkdown';

describe("an agent's answer on the page", () => {
  it('shows HTML and script in the content as text, never as markup', () => {
    const html = renderToStaticMarkup(<ChatMarkdown source={'<script>alert(1)</script> <img src=x onerror="alert(2)"> **bold**'} />);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<strong>bold</strong>');
  });

  it('links only https targets, opened apart from the pane', () => {
    const html = renderToStaticMarkup(<ChatMarkdown source="[docs](https://cube.dev/) and [x](javascript:alert(1))" />);
    expect(html).toMatch(/<a [^>]*href="https:\/\/cube.dev\/"[^>]*rel="noopener noreferrer"/);
    expect(html).not.toContain('javascript:');
  });
});
