// Preact with hooks and htm, from the server's vendor paths (no import map: the CSP forbids inline scripts).
import { h, render } from '/play/vendor/preact.js'
import { useEffect, useMemo, useRef, useState } from '/play/vendor/hooks.js'
import htm from '/play/vendor/htm.js'

export const html = htm.bind(h)
export { render, useEffect, useMemo, useRef, useState }
