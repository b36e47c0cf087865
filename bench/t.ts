import { largePhotos } from '../bench/support/large-photos';
const p = await largePhotos(5);
console.log(p.map((b) => (b.length / 1048576).toFixed(2)));
