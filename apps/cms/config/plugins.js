module.exports = {
  upload: {
    config: {
      sizeLimit: 10 * 1024 * 1024,
      // Images are served through the API's origin (/cms/uploads): no SVG, which could carry scripts.
      security: { allowedTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] },
    },
  },
};
