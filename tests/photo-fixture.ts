import sharp from 'sharp';

/** A photo as a phone writes it: a JPEG whose EXIF carries a GPS position, a camera and a date. */
export async function phonePhoto(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Cheap Android 5', DateTime: '2026:11:22 09:15:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 46/1 52/1', GPSLongitudeRef: 'W', GPSLongitude: '119/1 47/1 24/1' },
    })
    .jpeg()
    .toBuffer();
}
