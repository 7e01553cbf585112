// CSS modules export their class names; plain stylesheets are imported for their side effect.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
