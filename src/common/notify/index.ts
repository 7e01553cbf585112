export { notify, type NoticeTone } from './notify';
