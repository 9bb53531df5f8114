/**
 * Trade words as shoppers write them in Devanagari, beside the English word the catalogue uses:
 * "चार्जर" finds chargers, "लैपटॉप स्टैंड" a laptop stand. Data, not code: a line per word.
 *
 * Source: compiled for this shop from the spellings Hindi writes these English loanwords in, as a
 * phone's Hindi transliteration keyboard (typing "charger" gives चार्जर) and Hindi-language product
 * listings and technology news write them, with the common variants (ॉ or ा for the English "o",
 * ै or े for the "a" of "laptop", one word or two). The search reads Devanagari without its vowel
 * signs (see text.ts), so spellings that differ only in a matra are one already; the variants here
 * differ in more. The merchant's own synonym groups (store info `searchSynonyms`) add to these.
 */
export const DEVANAGARI_TRADE_WORDS: Readonly<Record<string, readonly string[]>> = {
  charger: ['चार्जर', 'चार्ज़र', 'चारजर'],
  cable: ['केबल', 'केबिल', 'कैबल', 'तार'],
  laptop: ['लैपटॉप', 'लैपटाप', 'लेपटॉप', 'लैप टॉप'],
  stand: ['स्टैंड', 'स्टेंड', 'स्टैन्ड'],
  'pen drive': ['पेन ड्राइव', 'पेनड्राइव', 'पेन ड्राईव'],
  hub: ['हब'],
  mouse: ['माउस', 'माऊस'],
  keyboard: ['कीबोर्ड', 'की बोर्ड', 'किबोर्ड'],
  adapter: ['एडेप्टर', 'अडैप्टर', 'एडॉप्टर', 'अडॉप्टर', 'एडाप्टर', 'अडाप्टर'],
  'power bank': ['पावर बैंक', 'पॉवर बैंक', 'पावरबैंक'],
  earphone: ['ईयरफोन', 'इयरफोन', 'ईयरफ़ोन', 'ईअरफोन'],
  headphone: ['हेडफोन', 'हेडफ़ोन'],
  speaker: ['स्पीकर'],
  usb: ['यूएसबी'],
  'type c': ['टाइप सी', 'टाईप सी'],
  hdmi: ['एचडीएमआई'],
  wifi: ['वाईफाई', 'वाई फाई', 'वायफाय'],
  bluetooth: ['ब्लूटूथ', 'ब्लुटूथ'],
  wireless: ['वायरलेस'],
  router: ['राउटर'],
  ethernet: ['ईथरनेट', 'इथरनेट'],
  monitor: ['मॉनिटर', 'मोनिटर'],
  webcam: ['वेबकैम'],
  microphone: ['माइक्रोफोन', 'माइक्रोफ़ोन', 'माइक'],
  cover: ['कवर'],
  'screen guard': ['स्क्रीन गार्ड'],
  tripod: ['ट्राइपॉड', 'ट्राइपोड'],
  battery: ['बैटरी'],
  dock: ['डॉक'],
  ssd: ['एसएसडी'],
  gb: ['जीबी'],
  tb: ['टीबी'],
  w: ['वाट'],
  'hard disk': ['हार्ड डिस्क'],
  'memory card': ['मेमोरी कार्ड'],
  printer: ['प्रिंटर'],
  extension: ['एक्सटेंशन'],
  gaming: ['गेमिंग'],
  fast: ['फास्ट', 'फ़ास्ट'],
  phone: ['फोन', 'फ़ोन', 'मोबाइल'],
  smartwatch: ['स्मार्टवॉच', 'स्मार्ट वॉच'],
};
