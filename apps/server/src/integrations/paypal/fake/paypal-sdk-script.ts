/**
 * The fake's version of https://www.paypal.com/sdk/js. @paypal/react-paypal-js 8.9.2 loads it
 * through @paypal/paypal-js `loadScript` when given `sdkBaseUrl` (the URL becomes
 * `<sdkBaseUrl>?client-id=...&currency=...&intent=...`, and `data-*` options become attributes
 * of the script tag, `data-namespace` naming the global). `<PayPalButtons>` then calls
 * `paypal.Buttons({...props, onInit})`, `isEligible()`, `render(container)`, `close()` and,
 * when present, `updateProps({message})`.
 *
 * The buttons are an in-page "Pay with PayPal (simulated)" button. Clicking it runs onClick
 * and the app's createOrder, then shows an accessible modal standing in for PayPal's window:
 * "Approve payment" and "Decline card" tell the fake (/__control/orders/:id/approve|decline) and
 * call onApprove({orderID, payerID, ...}, actions); a declined card makes the server's capture
 * answer INSTRUMENT_DECLINED, and actions.restart() shows the window again for the same order.
 * "Cancel" (or Escape) calls onCancel({orderID}); failures reach onError, as with PayPal.
 *
 * Styles are set through element.style (CSSOM), which a strict Content-Security-Policy allows.
 */
export function renderPayPalSdkScript(options: {
  baseUrl: string
  currency: string
  intent: string
}): string {
  const config = JSON.stringify(options)
  return `/* Tradepeak local fake of the PayPal JS SDK (development and tests only) */
(function () {
  'use strict'
  var CONFIG = ${config.replace(/</g, '\\u003c')}
  var script = document.currentScript
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal'
  var FUNDING = { PAYPAL: 'paypal', CARD: 'card', PAYLATER: 'paylater', CREDIT: 'credit', VENMO: 'venmo' }
  var ELIGIBLE = ['paypal', 'card']
  var sequence = 0

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

  function asError(error) {
    return error instanceof Error ? error : new Error(String(error && error.message || error))
  }

  function readOrder(orderID) {
    return fetch(CONFIG.baseUrl + '/__control/orders/' + encodeURIComponent(orderID)).then(function (response) {
      if (!response.ok) throw new Error('PayPal could not load order ' + orderID + ' (' + response.status + ')')
      return response.json()
    })
  }

  /** What the buyer does in PayPal's window: a form post, so the browser sends no preflight. */
  function tellPayPal(orderID, choice) {
    return fetch(CONFIG.baseUrl + '/__control/orders/' + encodeURIComponent(orderID) + '/' + choice, {
      method: 'POST',
      body: new URLSearchParams({})
    }).then(function (response) {
      return response.json().catch(function () { return {} }).then(function (body) {
        if (!response.ok) throw new Error(body.error || ('PayPal answered ' + response.status))
        return body
      })
    })
  }

  var buttonStyle = {
    display: 'block', width: '100%', minHeight: '44px', padding: '10px 16px', margin: '0 0 8px',
    border: '1px solid #c5c5c5', borderRadius: '6px', background: '#fff', color: '#111',
    font: 'inherit', fontWeight: '600', cursor: 'pointer', textAlign: 'center'
  }

  /**
   * The stand-in for PayPal's window. Resolves to 'approve', 'decline', 'cancel', or 'closed'
   * when the buttons are closed under it (onDismiss receives the function doing that).
   */
  function showCheckout(order, returnFocusTo, onDismiss) {
    return new Promise(function (resolve) {
      var id = 'fake-paypal-' + (++sequence)
      var overlay, dialog
      var unit = (order.purchase_units && order.purchase_units[0]) || {}
      var amount = unit.amount ? unit.amount.value + ' ' + unit.amount.currency_code : ''

      function close(choice) {
        document.removeEventListener('keydown', onKey, true)
        overlay.remove()
        if (returnFocusTo && returnFocusTo.isConnected && returnFocusTo.focus) returnFocusTo.focus()
        resolve(choice)
      }
      function onKey(event) {
        if (event.key === 'Escape') { event.preventDefault(); close('cancel') }
        if (event.key === 'Tab') {
          var focusable = dialog.querySelectorAll('button')
          var first = focusable[0], last = focusable[focusable.length - 1]
          if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus() }
          else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus() }
        }
      }

      dialog = el('div', {
        role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title',
        'aria-describedby': id + '-summary',
        style: { background: '#fff', color: '#111', borderRadius: '12px', padding: '24px',
          width: 'min(380px, calc(100vw - 32px))', boxSizing: 'border-box',
          fontFamily: 'Helvetica, Arial, sans-serif', boxShadow: '0 4px 24px rgba(0,0,0,.3)' }
      }, [
        el('h2', { id: id + '-title', text: 'PayPal checkout (simulated)', style: { margin: '0 0 8px', fontSize: '20px' } }),
        el('p', { id: id + '-summary', style: { margin: '0 0 16px' } }, [
          el('span', { text: 'Order ' + order.id + (amount ? ': ' + amount : '') }),
          unit.description ? el('span', { text: ' (' + unit.description + ')' }) : document.createTextNode('')
        ]),
        el('p', { text: 'A local stand-in for PayPal: no money moves.',
          style: { margin: '0 0 16px', color: '#555', fontSize: '14px' } }),
        el('button', { type: 'button', text: 'Approve payment',
          style: Object.assign({}, buttonStyle, { background: '#ffc439', borderColor: '#ffc439' }),
          onclick: function () { close('approve') } }),
        el('button', { type: 'button', text: 'Decline card', style: buttonStyle,
          onclick: function () { close('decline') } }),
        el('button', { type: 'button', text: 'Cancel', style: Object.assign({}, buttonStyle, { margin: '0' }),
          onclick: function () { close('cancel') } })
      ])
      overlay = el('div', {
        'data-fake-paypal': 'checkout',
        style: { position: 'fixed', inset: '0', zIndex: '2147483647', display: 'flex',
          alignItems: 'center', justifyContent: 'center', background: 'rgba(0,0,0,.55)' },
        onclick: function (event) { if (event.target === overlay) close('cancel') }
      }, [dialog])

      document.addEventListener('keydown', onKey, true)
      document.body.appendChild(overlay)
      onDismiss(function () { close('closed') })
      dialog.querySelector('button').focus()
    })
  }

  function Buttons(options) {
    // read live rather than copied: react-paypal-js passes a proxy whose callbacks it keeps
    // current between renders; updateProps values take precedence, as with PayPal
    var source = options || {}
    var updated = {}
    function prop(name) { return Object.prototype.hasOwnProperty.call(updated, name) ? updated[name] : source[name] }
    var state = { root: null, button: null, dismiss: null, isClosed: false, isDisabled: false, flow: 0, isBusy: false }
    var paymentSource = function () { return prop('fundingSource') || FUNDING.PAYPAL }

    function call(name, args) {
      var fn = prop(name)
      return typeof fn === 'function' ? fn.apply(null, args) : undefined
    }
    function beginFlow() { state.flow += 1; state.isBusy = true; return state.flow }
    function endFlow(flow) { if (flow === state.flow) state.isBusy = false }
    function fail(flow, error) {
      endFlow(flow)
      if (state.isClosed) return
      if (typeof prop('onError') === 'function') call('onError', [asError(error)])
      else console.error(error)
    }
    function isEligible() { return ELIGIBLE.indexOf(paymentSource()) !== -1 }
    function setDisabled(isDisabled) {
      state.isDisabled = isDisabled
      if (state.button) state.button.setAttribute('aria-disabled', String(isDisabled))
      return Promise.resolve()
    }

    function unsupported(what) {
      return function () {
        return Promise.reject(new Error('The local PayPal fake does not ' + what + ' in the browser: do it on the server'))
      }
    }

    /** PayPal's window for orderID, then onApprove / onCancel, within flow. */
    function checkout(orderID, flow) {
      return readOrder(orderID).then(function (order) {
        if (state.isClosed || flow !== state.flow) return
        return showCheckout(order, state.button, function (dismiss) { state.dismiss = dismiss }).then(function (choice) {
          state.dismiss = null
          if (state.isClosed || choice === 'closed') return
          if (choice === 'cancel') {
            endFlow(flow)
            call('onCancel', [{ orderID: orderID }, { redirect: function (url) { window.location.assign(url || '/') } }])
            return
          }
          return tellPayPal(orderID, choice).then(function (approval) {
            var data = {
              orderID: orderID,
              payerID: approval.payer_id,
              paymentID: null,
              billingToken: null,
              facilitatorAccessToken: 'A21AA-fake-facilitator-token',
              paymentSource: paymentSource()
            }
            var actions = {
              order: {
                get: function () { return readOrder(orderID) },
                capture: unsupported('capture orders'),
                authorize: unsupported('authorize orders'),
                patch: unsupported('patch orders')
              },
              /** The buyer picks another funding source for the same order. */
              restart: function () {
                var next = beginFlow()
                return checkout(orderID, next).catch(function (error) { fail(next, error) })
              },
              redirect: function (url) { window.location.assign(url || '/') }
            }
            return Promise.resolve(call('onApprove', [data, actions])).then(function () { endFlow(flow) })
          })
        })
      })
    }

    function onPayClick() {
      if (state.isBusy || state.isClosed) return
      var flow = beginFlow()
      var isRejected = false
      var clickActions = {
        resolve: function () { return Promise.resolve() },
        reject: function () { isRejected = true; return Promise.resolve() }
      }
      Promise.resolve()
        .then(function () { return call('onClick', [{ fundingSource: paymentSource() }, clickActions]) })
        .then(function (result) {
          if (result === false || isRejected || state.isDisabled) { endFlow(flow); return }
          var createActions = { order: { create: unsupported('create orders') } }
          return Promise.resolve(call('createOrder', [{ paymentSource: paymentSource() }, createActions]))
            .then(function (orderID) {
              if (typeof orderID !== 'string' || !orderID) throw new Error('Expected an order id to be passed')
              return checkout(orderID, flow)
            })
        })
        .catch(function (error) { fail(flow, error) })
    }

    function render(container) {
      return new Promise(function (resolve, reject) {
        if (state.isClosed) return reject(new Error('Buttons were closed'))
        var target = typeof container === 'string' ? document.querySelector(container) : container
        if (!target) return reject(new Error('Document is ready and element ' + container + ' does not exist'))
        if (!isEligible()) return reject(new Error('Instance not eligible'))
        state.button = el('button', {
          type: 'button', text: 'Pay with PayPal (simulated)', 'aria-disabled': String(state.isDisabled),
          style: Object.assign({}, buttonStyle, { background: '#ffc439', borderColor: '#ffc439', color: '#111' }),
          onclick: onPayClick
        })
        state.root = el('div', { 'data-fake-paypal': 'buttons' }, [state.button])
        target.appendChild(state.root)
        call('onInit', [{}, { enable: function () { return setDisabled(false) }, disable: function () { return setDisabled(true) } }])
        resolve()
      })
    }

    return {
      isEligible: isEligible,
      render: render,
      close: function () {
        state.isClosed = true
        if (state.dismiss) state.dismiss()
        if (state.root) state.root.remove()
        return Promise.resolve()
      },
      updateProps: function (next) { Object.assign(updated, next || {}); return Promise.resolve() },
      hasReturned: function () { return false },
      resume: function () {}
    }
  }

  window[namespace] = {
    version: '5.0.0-tradepeak-fake',
    FUNDING: FUNDING,
    Buttons: Buttons,
    getFundingSources: function () { return ELIGIBLE.slice() },
    isFundingEligible: function (source) { return ELIGIBLE.indexOf(source) !== -1 },
    config: { currency: CONFIG.currency, intent: CONFIG.intent }
  }
})()
`
}
