import { Component, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { HtmlOnly, renderText, TextOnly } from './text-render.ts'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name},</p>
}

describe('renderText: the text part from the mail tree', () => {
  it('separates blocks by a blank line and keeps words of one block together', () => {
    expect(
      renderText(
        <div>
          <Greeting name="Ann" />
          <p>
            One <strong>two</strong>
            {'   '}three
          </p>
          <h2>Next</h2>
        </div>,
      ),
    ).toBe('Hello Ann,\n\nOne two three\n\nNext\n')
  })

  it('writes a link as its label and address, unless the label is the address', () => {
    expect(
      renderText(
        <>
          <p>
            <a href="https://x.test/a">Docs</a>
          </p>
          <p>
            Write to <a href="mailto:help@x.test">help@x.test</a>.
          </p>
          <p>
            <a href="https://x.test/">x.test</a>
          </p>
        </>,
      ),
    ).toBe('Docs: https://x.test/a\n\nWrite to help@x.test.\n\nhttps://x.test/\n')
  })

  it('writes lists as lines, header cells as names, and keeps line breaks', () => {
    expect(
      renderText(
        <>
          <ul>
            <li>First</li>
            <li>Second</li>
          </ul>
          <table>
            <tbody>
              <tr>
                <th>Model</th>
                <td>Basic</td>
              </tr>
              <tr>
                <th>Name</th>
                <td>Ann</td>
              </tr>
            </tbody>
          </table>
          <p>
            a<br />b
          </p>
        </>,
      ),
    ).toBe('- First\n- Second\n\nModel: Basic\nName: Ann\n\na\nb\n')
  })

  it('leaves out images, the head, raw HTML and what is marked HTML-only; adds what is text-only', () => {
    expect(
      renderText(
        <div>
          <head>
            <title>T</title>
          </head>
          <img src="https://x.test/logo.png" alt="Logo" />
          <div dangerouslySetInnerHTML={{ __html: '<b>raw</b>' }} />
          <HtmlOnly>
            <p>preview</p>
          </HtmlOnly>
          <TextOnly>
            <p>only here</p>
          </TextOnly>
          <p>body</p>
        </div>,
      ),
    ).toBe('only here\n\nbody\n')
  })

  it('keeps what a visitor typed as typed: no entities in plain text', () => {
    expect(renderText(<p>{'<b>O\'Brien & "Co"</b>'}</p>)).toBe('<b>O\'Brien & "Co"</b>\n')
  })

  it('refuses components it cannot call as plain functions', () => {
    class Old extends Component {
      render() {
        return <p>x</p>
      }
    }
    function WithState() {
      const [v] = useState('x')
      return <p>{v}</p>
    }
    expect(() => renderText(<Old />)).toThrow(/class components/)
    const said = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderText(<WithState />)).toThrow()
    said.mockRestore()
  })
})
