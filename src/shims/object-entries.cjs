// node-polyglot (under ra-i18n-polyglot) requires the `object.entries` polyfill, which brings
// get-intrinsic, call-bind and define-properties along: ~25 kB for what every browser the portal
// supports has built in. vite.config.ts points the package here.
module.exports = Object.entries;
