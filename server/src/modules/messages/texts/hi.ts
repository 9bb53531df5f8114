import {
  COD_NOT_CONFIRMED_REASON,
  COD_PAYMENT,
  ORDER_EXPIRED_REASON,
  RETURNED_TO_ORIGIN_REASON,
} from '@netkart/contract';
import type { MailTexts } from './catalogue.js';

/** An India-time day (YYYY-MM-DD) as a Hindi reader reads it: "बुध, 2 दिस॰". */
const hindiDay = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('hi-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** The reasons the shop itself gives for cancelling; a reason the merchant typed is shown as typed. */
const SYSTEM_REASONS: Record<string, string> = {
  [ORDER_EXPIRED_REASON]: 'भुगतान नहीं मिला',
  [RETURNED_TO_ORIGIN_REASON]: 'पार्सल हमारे पास वापस आ गया',
  [COD_NOT_CONFIRMED_REASON]: 'कैश ऑन डिलीवरी की पुष्टि नहीं हुई',
};

/**
 * The shop's messages in Hindi, written for shoppers: everyday words where shoppers use them
 * (ऑर्डर, कूरियर, रिफ़ंड, पासवर्ड), the storefront's own names for its pages (मेरे ऑर्डर, अभी भुगतान करें); one word per idea, as docs/hindi-glossary.md lists them.
 */
export const hindiTexts: MailTexts = {
  pagePrefix: '/hi',
  order: {
    size: (size) => `साइज़ ${size}`,
    colour: (colour) => `रंग ${colour}`,
    total: (amount) => `कुल: ${amount}`,
    phone: (phone) => `फ़ोन: ${phone}`,
    estimated: (latest) => `${hindiDay(latest)} तक डिलीवरी (अनुमानित)`,
    yourOrder: 'आपका ऑर्डर',
    shippingTo: 'डिलीवरी का पता',
    payment: 'भुगतान',
    trackYourOrder: 'अपना ऑर्डर ट्रैक करें',
    myOrders: 'मेरे ऑर्डर',
    payByHand: (provider) =>
      provider === COD_PAYMENT
        ? 'कैश ऑन डिलीवरी: पहले, ऑर्डर में दिए फ़ोन पर SMS से आए 6 अंकों के कोड से ऑर्डर की पुष्टि करें (मेरे ऑर्डर → ऑर्डर की पुष्टि करें)। फिर पार्सल आने पर कूरियर को नकद भुगतान करें।'
        : 'मेरे ऑर्डर → अभी भुगतान करें से UPI द्वारा भुगतान करें, और आपका UPI ऐप जो UTR (ट्रांज़ैक्शन रेफ़रेंस) दिखाए, उसे संभालकर रखें: हम उसी से आपके भुगतान की पुष्टि करते हैं।',
    payLater: 'भुगतान के बारे में हम आपसे संपर्क करेंगे।',
    payOnline:
      'मेरे ऑर्डर → अभी भुगतान करें से ऑनलाइन भुगतान करें। जिस ऑर्डर का भुगतान नहीं होता, वह कुछ समय बाद रद्द हो जाता है और उसके आइटम फिर से बिक्री पर आ जाते हैं।',
    placedSubject: (id) => `आपका ऑर्डर ${id} दर्ज हो गया`,
    thankYou: (name) => `${name}, आपके ऑर्डर के लिए धन्यवाद।`,
    orderNumber: (id) => `ऑर्डर नंबर: ${id}`,
    codSubject: (id) => `ऑर्डर ${id} की पुष्टि हो गई: कैश ऑन डिलीवरी`,
    codConfirmed: (id, amount) => `धन्यवाद: ऑर्डर ${id} की पुष्टि हो गई है। कृपया कूरियर को ${amount} नकद दें।`,
    packingNow: 'हम इसे अभी पैक कर रहे हैं और भेजते ही आपको फिर लिखेंगे।',
    paidSubject: (id) => `ऑर्डर ${id} का भुगतान मिल गया`,
    paymentReceived: (amount, id) => `ऑर्डर ${id} के लिए आपका ${amount} का भुगतान हमें मिल गया है।`,
    paperwork: (kind) =>
      kind === 'receipt'
        ? 'आपकी रसीद मेरे ऑर्डर से डाउनलोड की जा सकती है।'
        : 'आपका टैक्स इनवॉइस मेरे ऑर्डर से डाउनलोड किया जा सकता है।',
    shippedSubject: (id) => `ऑर्डर ${id} भेज दिया गया है`,
    onItsWay: (id) => `आपका ऑर्डर ${id} रास्ते में है।`,
    courier: (name) => `कूरियर: ${name}`,
    trackingNumber: (number) => `ट्रैकिंग नंबर: ${number}`,
    trackParcel: 'कूरियर की साइट पर पार्सल ट्रैक करें',
    deliveredSubject: (id) => `ऑर्डर ${id} डिलीवर हो गया`,
    delivered: (id, shop) => `आपका ऑर्डर ${id} डिलीवर हो गया है। ${shop} से खरीदारी करने के लिए धन्यवाद।`,
    cancelledByShopperSubject: (id) => `आपका ऑर्डर ${id} रद्द हो गया है`,
    cancelledSubject: (id) => `ऑर्डर ${id} रद्द कर दिया गया`,
    cancelledByShopper: (id) => `आपके कहने पर आपका ऑर्डर ${id} रद्द कर दिया गया है।`,
    cancelled: (id, reason) =>
      `आपका ऑर्डर ${id} रद्द कर दिया गया है${reason ? `: ${SYSTEM_REASONS[reason] ?? reason}` : '।'}`,
    refundOfPayment: (amount) => `आपका ${amount} का भुगतान उसी तरीके से वापस किया जाएगा जिससे आपने भुगतान किया था।`,
    noPayment: 'इसके लिए कोई भुगतान नहीं लिया गया था।',
  },
  refund: {
    hello: (name) => `नमस्ते ${name},`,
    toGateway: 'उसी कार्ड, UPI ऐप या बैंक अकाउंट में, जिससे आपने भुगतान किया था,',
    toDestination: (destination) => `${destination} पर`,
    inCash: 'नकद',
    toAccount: 'उसी बैंक अकाउंट में, जिससे आपने भुगतान किया था,',
    started: (amount, id, whereTo) => `हमने ऑर्डर ${id} के ${amount} का रिफ़ंड शुरू कर दिया है। यह ${whereTo} वापस आएगा।`,
    bankDays: 'बैंक आम तौर पर इसे आपके बैंक अकाउंट में दिखाने में 5 से 7 कामकाजी दिन लगाते हैं।',
    refunded: (amount, id, whereTo) => `हमने ऑर्डर ${id} के ${amount} ${whereTo} वापस कर दिए हैं।`,
    reference: (reference) => `रिफ़ंड रेफ़रेंस: ${reference}`,
    notShown: 'अगर यह 7 कामकाजी दिनों में आपके बैंक अकाउंट में न दिखे, तो इसी रेफ़रेंस के साथ इस ईमेल का जवाब दें।',
    startedSubject: (amount, id) => `ऑर्डर ${id} के ${amount} का रिफ़ंड शुरू हुआ`,
    refundedSubject: (amount, id) => `ऑर्डर ${id} के ${amount} का रिफ़ंड हो गया`,
    why: 'कारण',
    myOrders: 'मेरे ऑर्डर',
  },
  account: {
    verifySubject: 'अपने ईमेल की पुष्टि करें',
    verifyAsked: (shop) => `किसी ने (उम्मीद है आपने ही) यह ईमेल अपने ${shop} अकाउंट में जोड़ने को कहा है।`,
    verifyLink: (minutes) => `नीचे दिए लिंक से इसकी पुष्टि होगी। यह ${minutes} मिनट तक चलेगा और एक ही बार काम करेगा।`,
    verifyButton: 'मेरे ईमेल की पुष्टि करें',
    verifyIgnore: 'अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें: कुछ नहीं बदलेगा।',
    resetSubject: 'अपना पासवर्ड रीसेट करें',
    resetAsked: (shop) => `किसी ने (उम्मीद है आपने ही) आपके ${shop} अकाउंट का पासवर्ड रीसेट करने को कहा है।`,
    resetLink: (minutes) => `नीचे दिए लिंक से आप नया पासवर्ड चुन सकते हैं। यह ${minutes} मिनट तक चलेगा और एक ही बार काम करेगा।`,
    resetButton: 'नया पासवर्ड बनाएँ',
    resetIgnore: 'अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
    resetSignsOut: 'नया पासवर्ड बनाते ही आपके अकाउंट में साइन इन हर डिवाइस साइन आउट हो जाएगा।',
    changedSubject: 'आपका पासवर्ड बदल दिया गया है',
    changed: (shop, email, at) => `आपके ${shop} अकाउंट (${email}) का पासवर्ड ${at} (भारतीय समय) पर बदला गया।`,
    othersSignedOut:
      'आपके अकाउंट में साइन इन बाकी सभी डिवाइस साइन आउट कर दिए गए हैं; जिस डिवाइस पर आपने इसे बदला, वह साइन इन रहेगा।',
    notYouChanged:
      'अगर आपने इसे नहीं बदला, तो आपका पासवर्ड किसी और को पता है: अभी नया पासवर्ड बनाएँ। इससे हर डिवाइस साइन आउट हो जाएगा, उनका भी।',
    forgotPassword: 'पासवर्ड भूल गए?',
    welcomeSubject: (shop) => `${shop} में आपका स्वागत है`,
    welcome: (name) => (name ? `${name}, आपका स्वागत है।` : 'आपका स्वागत है।'),
    accountReady: (shop, email) => `आपका ${shop} अकाउंट तैयार है; आप ${email} से साइन इन करेंगे।`,
    ordersInMyOrders: 'आपके ऑर्डर, उनके भुगतान और उनकी ट्रैकिंग, सब मेरे ऑर्डर में मिलेंगे।',
    startShopping: 'खरीदारी शुरू करें',
    myOrders: 'मेरे ऑर्डर',
    notYouCreated: (forgotUrl) =>
      `अगर यह अकाउंट आपने नहीं बनाया, तो किसी ने गलती से आपका ईमेल लिख दिया है: अकाउंट अपने हाथ में लेने के लिए ${forgotUrl} पर पासवर्ड रीसेट माँगें, या इस ईमेल को अनदेखा कर दें।`,
    againSubject: 'किसी ने आपके ईमेल से अकाउंट बनाने की कोशिश की',
    triedAgain: (shop, email) =>
      `किसी ने आपके ईमेल ${email} से ${shop} पर अकाउंट बनाने की कोशिश की। आपका अकाउंट पहले से है, इसलिए कोई नया अकाउंट नहीं बना और आपका पासवर्ड नहीं बदला।`,
    ifYou: 'अगर यह आप थे, तो अपने पासवर्ड से साइन इन करें, या भूल गए हों तो नया पासवर्ड चुनें।',
    signIn: 'साइन इन करें',
    ifNotYou: 'अगर यह आप नहीं थे, तो इस ईमेल को अनदेखा कर दें: आपके पासवर्ड के बिना कोई आपके अकाउंट में साइन इन नहीं कर सकता।',
  },
  returns: {
    exchange: 'एक्सचेंज',
    return: 'रिटर्न',
    hello: (name) => `नमस्ते ${name},`,
    seeOrders: 'अपने ऑर्डर देखें',
    approvedSubject: (what, id, order) => `ऑर्डर ${order} का ${what} अनुरोध ${id} मंज़ूर हो गया`,
    approved: (what, id, order) => `हमने ऑर्डर ${order} का आपका ${what} अनुरोध ${id} मंज़ूर कर दिया है।`,
    pack: 'आइटम को उनके टैग के साथ पैक करें; पिकअप बुक होते ही हम आपको बताएँगे, या तय किए अनुसार उन्हें हमें भेज दें।',
    refusedSubject: (what, id, order) => `ऑर्डर ${order} का ${what} अनुरोध ${id} स्वीकार नहीं हुआ`,
    refused: (what, id, order) => `हम ऑर्डर ${order} का आपका ${what} अनुरोध ${id} स्वीकार नहीं कर सके।`,
    reason: (reason) => `कारण: ${reason}`,
    replyWithQuestion: 'कोई सवाल हो तो इस ईमेल का जवाब दें।',
    receivedSubject: (what, id, order) => `ऑर्डर ${order} के ${what} अनुरोध ${id} के आइटम हमें मिल गए`,
    received: (what, id) => `आपके ${what} अनुरोध ${id} के आइटम हमारे पास वापस आ गए हैं।`,
    replacement: 'बदले में दिए जाने वाले आइटम पैक करके बिना किसी शुल्क के भेजे जा रहे हैं।',
    refundToUpi: (amount, upi) => `आपका ${amount} का रिफ़ंड ${upi} पर भेजा जाएगा।`,
    refundBack: (amount) => `आपका ${amount} का रिफ़ंड उसी तरीके से वापस आएगा जिससे आपने भुगतान किया था।`,
    otherSubject: (what, id) => `आपका ${what} अनुरोध ${id}`,
  },
  review: {
    subject: (id) => `आपका ऑर्डर ${id} कैसा लगा?`,
    heading: 'आपका ऑर्डर कैसा लगा?',
    delivered: (id) =>
      `आपका ऑर्डर ${id} डिलीवर हो गया है। अगर आपके पास एक मिनट हो, तो दूसरे खरीदारों को बताएँ कि आपको यह कैसा लगा: स्टोर के जाँचने के बाद आपका रिव्यू आपके पहले नाम और उपनाम के पहले अक्षर के साथ दिखेगा।`,
    reviewProduct: (title) => `${title} का रिव्यू लिखें`,
    onlyOne:
      'ऑर्डर करते समय आपने यह ईमेल माँगा था; इस ऑर्डर के बारे में यही एक ईमेल है। इन्हें बंद करने के लिए चेकआउट पेज पर रिव्यू वाले बॉक्स का टिक हटा दें।',
  },
  cart: {
    waiting: 'आपका कार्ट आपका इंतज़ार कर रहा है',
    keptAsLeft: 'आप चेकआउट तक पहुँचे, पर ऑर्डर नहीं किया। आपका कार्ट वैसा ही रखा है जैसा आपने छोड़ा था:',
    pricesChecked: 'खोलने पर कीमत और स्टॉक फिर से जाँचे जाएँगे।',
    backToCart: 'मेरे कार्ट पर वापस जाएँ',
    firstReminder:
      'चेकआउट पर कार्ट छोड़ते समय आपने याद दिलाने को कहा था। हम ज़्यादा से ज़्यादा एक और रिमाइंडर कल भेजेंगे, और ऑर्डर करने के बाद एक भी नहीं।',
    lastReminder: 'इस कार्ट के बारे में यह आखिरी रिमाइंडर है।',
    howToStop: 'इन्हें बंद करने के लिए चेकआउट पेज पर ईमेल से याद दिलाने वाले बॉक्स का टिक हटा दें: उसके बाद आपकी पसंद याद रखी जाएगी।',
  },
  stock: {
    subject: (product) => `फिर से स्टॉक में: ${product}`,
    heading: (product) => `${product} फिर से स्टॉक में है`,
    asked: (product) => `आपने कहा था कि ${product} वापस आने पर हम आपको बताएँ। यह अब स्टॉक में है, पर स्टॉक खत्म होने तक ही।`,
    seeProduct: 'प्रोडक्ट देखें',
    onlyEmail:
      'इसके बारे में आपको यही एक ईमेल मिलेगा: हमने इंतज़ार की सूची से आपका ईमेल पता हटा दिया है, और उससे आगे कुछ नहीं भेजा जाएगा।',
  },
};
