import type { FakeGoogleAccount } from './google-fake'

/**
 * The fake's version of https://accounts.google.com/gsi/client: it defines the same
 * `google.accounts.oauth2.initTokenClient({client_id, scope, callback, error_callback})` and
 * `requestAccessToken()`, but instead of Google's popup it shows an accessible in-page account
 * chooser (a modal dialog with the demo accounts and a "Use another account" email field), then
 * asks the fake for a token minted for the chosen email and our client id.
 *
 * Styles are set through element.style (CSSOM), which a strict Content-Security-Policy allows.
 */
export function renderGsiClientScript(options: {
  baseUrl: string
  accounts: FakeGoogleAccount[]
}): string {
  const config = JSON.stringify({ baseUrl: options.baseUrl, accounts: options.accounts })
  return `/* Tradepeak local fake of Google Identity Services (development and tests only) */
(function () {
  'use strict'
  var CONFIG = ${config.replace(/</g, '\\u003c')}

  function el(tag, props, children) {
    var node = document.createElement(tag)
    Object.keys(props || {}).forEach(function (key) {
      if (key === 'style') Object.assign(node.style, props.style)
      else if (key === 'text') node.textContent = props.text
      else if (key.indexOf('on') === 0) node.addEventListener(key.slice(2), props[key])
      else node.setAttribute(key, props[key])
    })
    ;(children || []).forEach(function (child) { node.appendChild(child) })
    return node
  }

  var buttonStyle = {
    display: 'flex', flexDirection: 'column', alignItems: 'flex-start', width: '100%',
    padding: '10px 12px', margin: '0 0 8px', border: '1px solid #dadce0', borderRadius: '8px',
    background: '#fff', color: '#202124', font: 'inherit', cursor: 'pointer', textAlign: 'left'
  }

  /** Resolves to {email, name} or null when the user cancels. */
  function chooseAccount() {
    return new Promise(function (resolve) {
      var previousFocus = document.activeElement
      var titleId = 'fake-gsi-title-' + Date.now()
      var inputId = 'fake-gsi-email-' + Date.now()
      var overlay, dialog

      function close(result) {
        document.removeEventListener('keydown', onKey, true)
        overlay.remove()
        if (previousFocus && previousFocus.focus) previousFocus.focus()
        resolve(result)
      }
      function onKey(event) {
        if (event.key === 'Escape') { event.preventDefault(); close(null) }
        if (event.key === 'Tab') {
          var focusable = dialog.querySelectorAll('button, input')
          var first = focusable[0], last = focusable[focusable.length - 1]
          if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus() }
          else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus() }
        }
      }

      var accountButtons = CONFIG.accounts.map(function (account) {
        return el('li', { style: { listStyle: 'none' } }, [
          el('button', {
            type: 'button', style: buttonStyle,
            onclick: function () { close({ email: account.email, name: account.name }) }
          }, [
            el('span', { text: account.name, style: { fontWeight: '600' } }),
            el('span', { text: account.email, style: { color: '#5f6368', fontSize: '14px' } })
          ])
        ])
      })

      var emailInput = el('input', {
        id: inputId, type: 'email', name: 'email', required: 'required', autocomplete: 'email',
        style: { width: '100%', boxSizing: 'border-box', padding: '8px', margin: '4px 0 8px',
          border: '1px solid #dadce0', borderRadius: '6px', font: 'inherit' }
      })
      var form = el('form', {
        onsubmit: function (event) {
          event.preventDefault()
          var email = emailInput.value.trim()
          if (email) close({ email: email, name: email.split('@')[0] })
        }
      }, [
        el('label', { for: inputId, text: 'Use another account' }),
        emailInput,
        el('button', { type: 'submit', text: 'Continue', style: Object.assign({}, buttonStyle, {
          display: 'block', background: '#1a73e8', color: '#fff', border: '0', textAlign: 'center' }) })
      ])

      dialog = el('div', {
        role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId,
        style: { background: '#fff', color: '#202124', borderRadius: '12px', padding: '24px',
          width: 'min(360px, calc(100vw - 32px))', boxSizing: 'border-box',
          fontFamily: 'Roboto, Arial, sans-serif', boxShadow: '0 4px 24px rgba(0,0,0,.3)' }
      }, [
        el('h2', { id: titleId, text: 'Choose an account', style: { margin: '0 0 4px', fontSize: '20px' } }),
        el('p', { text: 'to continue to Tradepeak (local Google sign-in)',
          style: { margin: '0 0 16px', color: '#5f6368', fontSize: '14px' } }),
        el('ul', { style: { padding: '0', margin: '0 0 12px' } }, accountButtons),
        form,
        el('button', { type: 'button', text: 'Cancel', style: Object.assign({}, buttonStyle, {
          display: 'block', textAlign: 'center', margin: '0' }), onclick: function () { close(null) } })
      ])
      overlay = el('div', {
        'data-fake-google': 'account-chooser',
        style: { position: 'fixed', inset: '0', zIndex: '2147483647', display: 'flex',
          alignItems: 'center', justifyContent: 'center', background: 'rgba(32,33,36,.6)' },
        onclick: function (event) { if (event.target === overlay) close(null) }
      }, [dialog])

      document.addEventListener('keydown', onKey, true)
      document.body.appendChild(overlay)
      var firstButton = dialog.querySelector('button')
      if (firstButton) firstButton.focus()
    })
  }

  function mintToken(clientId, account, scope) {
    var body = new URLSearchParams({ client_id: clientId, email: account.email, name: account.name, scope: scope || '' })
    return fetch(CONFIG.baseUrl + '/gsi/token', { method: 'POST', body: body }).then(function (response) {
      if (!response.ok) throw new Error('token request failed: ' + response.status)
      return response.json()
    })
  }

  function initTokenClient(config) {
    if (!config || !config.client_id || typeof config.callback !== 'function') {
      throw new Error('initTokenClient needs client_id and callback')
    }
    return {
      requestAccessToken: function () {
        chooseAccount().then(function (account) {
          if (!account) {
            if (config.error_callback) config.error_callback({ type: 'popup_closed', message: 'Popup window closed' })
            return
          }
          return mintToken(config.client_id, account, config.scope).then(config.callback)
        }).catch(function (error) {
          if (config.error_callback) config.error_callback({ type: 'unknown', message: String(error) })
        })
      }
    }
  }

  window.google = window.google || {}
  window.google.accounts = window.google.accounts || {}
  window.google.accounts.oauth2 = { initTokenClient: initTokenClient }
})()
`
}
