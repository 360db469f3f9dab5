#!/usr/bin/env bash
# Makes the demo platform's files in server/db/demo-files (committed; neither the build nor the tests
# run this). Needs ffmpeg (apt-get install -y ffmpeg) and node. Keys are paths under that folder.
#   demo/video-sh.mp4            640x360, 4 s test pattern with a 440 Hz tone, H.264 Main + AAC, faststart
#   demo/video-l.mp4             the same at 320x180, a lower quality for the same video
#   demo/video-m.flv             the 640x360 streams in FLV (what mpegts.js plays)
#   demo/hls/video-h.m3u8 (+ video-h0.ts, video-h1.ts...)  the 640x360 streams as HLS, 2 s segments
#   demo/teacher.jpg, demo/cover-1.jpg .. cover-6.jpg, demo/handout.pdf
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/server/db/demo-files/demo"
rm -rf "$out" && mkdir -p "$out/hls"
ff=(ffmpeg -hide_banner -loglevel error -y)

# One encode; the other containers copy its streams. A key frame every 2 s (-g 50 at 25 fps) lets
# HLS cut 2 s segments.
pattern=(-f lavfi -i "testsrc2=size=640x360:rate=25:duration=4" -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=4")
h264=(-c:v libx264 -profile:v main -pix_fmt yuv420p -preset veryslow -crf 36 -g 50 -keyint_min 50 -sc_threshold 0)
aac=(-c:a aac -ac 1 -b:a 48k)
"${ff[@]}" "${pattern[@]}" "${h264[@]}" "${aac[@]}" -map_metadata -1 -movflags +faststart "$out/video-sh.mp4"
"${ff[@]}" "${pattern[@]}" -vf scale=320:180 "${h264[@]}" "${aac[@]}" -map_metadata -1 -movflags +faststart "$out/video-l.mp4"
"${ff[@]}" -i "$out/video-sh.mp4" -c copy -f flv "$out/video-m.flv"
"${ff[@]}" -i "$out/video-sh.mp4" -c copy -f hls -hls_time 2 -hls_playlist_type vod \
  -hls_segment_filename "$out/hls/video-h%d.ts" "$out/hls/video-h.m3u8"

# Pictures: plain colours and shapes. geq draws the circles (X, Y: the pixel; W, H: the size).
picture() { "${ff[@]}" -f lavfi -i "color=c=$1:size=$2" -vf "$3" -frames:v 1 -q:v 5 "$out/$4"; }
circle() { echo "geq=r='if(lt(hypot(X-$1,Y-$2),$3),$4,r(X,Y))':g='if(lt(hypot(X-$1,Y-$2),$3),$5,g(X,Y))':b='if(lt(hypot(X-$1,Y-$2),$3),$6,b(X,Y))'"; }
picture 0xd9e6f2 240x240 "format=rgb24,$(circle 120 95 48 224 172 105),$(circle 120 250 92 40 70 120)" teacher.jpg
picture 0x1e5aa8 480x270 "drawbox=x=40:y=40:w=180:h=190:color=0xffffff@0.9:t=fill,format=rgb24,$(circle 340 135 80 245 166 35)" cover-1.jpg
picture 0x2e7d32 480x270 "drawbox=x=0:y=190:w=480:h=80:color=0xa5d6a7:t=fill,drawbox=x=60:y=60:w=120:h=120:color=0xffeb3b:t=fill,drawbox=x=260:y=40:w=160:h=24:color=white:t=fill,drawbox=x=260:y=90:w=120:h=24:color=white:t=fill" cover-2.jpg
picture 0x6a1b9a 480x270 "format=rgb24,$(circle 160 135 90 236 64 122),$(circle 300 135 90 255 255 255)" cover-3.jpg
picture 0xef6c00 480x270 "drawbox=x=0:y=0:w=480:h=60:color=0xffcc80:t=fill,format=rgb24,$(circle 360 170 70 55 71 79),drawbox=x=50:y=110:w=180:h=20:color=white:t=fill,drawbox=x=50:y=150:w=130:h=20:color=white:t=fill" cover-4.jpg
picture 0x00838f 480x270 "drawbox=x=80:y=150:w=60:h=90:color=white:t=fill,drawbox=x=170:y=100:w=60:h=140:color=white:t=fill,drawbox=x=260:y=60:w=60:h=180:color=0xffeb3b:t=fill,drawbox=x=350:y=120:w=60:h=120:color=white:t=fill" cover-5.jpg
picture 0x263238 480x270 "drawbox=x=270:y=70:w=130:h=130:color=0xf06292:t=fill,format=rgb24,$(circle 180 135 85 255 213 79)" cover-6.jpg

# A one-page PDF with a line of text; node writes the cross-reference offsets.
node -e '
const objects = [
  "<< /Type /Catalog /Pages 2 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
  null,
  "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
];
const text = "BT /F1 24 Tf 72 760 Td (Course handout) Tj /F1 12 Tf 0 -30 Td (A demo PDF of the course console.) Tj ET";
objects[3] = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
let pdf = "%PDF-1.4\n";
const offsets = objects.map((body, index) => { const at = pdf.length; pdf += `${index + 1} 0 obj\n${body}\nendobj\n`; return at; });
const xref = pdf.length;
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` + offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
require("fs").writeFileSync(process.argv[1], pdf);
' "$out/handout.pdf"

ls -l "$out" "$out/hls"
