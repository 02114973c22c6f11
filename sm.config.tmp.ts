import base from './docusaurus.config';
const sm = () => ({name: 'sm', configureWebpack: (_c: unknown, isServer: boolean) => (isServer ? {} : {devtool: 'source-map'})});
export default {...base, plugins: [...(base.plugins ?? []), sm]};
