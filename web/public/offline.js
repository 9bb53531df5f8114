// The offline page's cart: read from localStorage['cart'] (where the shop keeps it), so a shopper
// without a network still sees what they chose. Plain script: the app's code may not be cached.
(() => {
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
  let items = [];
  try {
    const stored = JSON.parse(localStorage.getItem('cart') || '[]');
    if (Array.isArray(stored)) {
      items = stored.filter(
        (item) =>
          item && typeof item.name === 'string' && Number.isFinite(item.price) && Number.isInteger(item.quantity),
      );
    }
  } catch {
    items = [];
  }
  const list = document.getElementById('cart-lines');
  if (items.length > 0) {
    document.getElementById('cart-empty').hidden = true;
    list.hidden = false;
    let total = 0;
    for (const item of items) {
      total += item.price * item.quantity;
      const line = document.createElement('li');
      const options = [item.selectedSize, item.selectedColor].filter(Boolean).join(', ');
      const name = document.createElement('span');
      name.textContent = `${item.name}${options ? ` (${options})` : ''} × ${item.quantity}`;
      const amount = document.createElement('span');
      amount.textContent = rupees.format(item.price * item.quantity);
      line.append(name, amount);
      list.append(line);
    }
    const totalLine = document.createElement('li');
    totalLine.className = 'total';
    const label = document.createElement('span');
    label.textContent = 'Total';
    const amount = document.createElement('span');
    amount.textContent = rupees.format(total);
    totalLine.append(label, amount);
    list.append(totalLine);
  }
  document.getElementById('retry').addEventListener('click', () => location.reload());
})();
