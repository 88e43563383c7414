<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="doorstep_dash_tiles" tilewidth="32" tileheight="32" tilecount="11" columns="4">
 <image source="doorstep_dash_tiles.png" width="128" height="96"/>
 <tile id="0" type="grass"/>
 <tile id="1" type="road"/>
 <tile id="2" type="entrance"/>
 <tile id="3" type="warehouse"/>
 <tile id="4" type="hazard"/>
 <tile id="5" type="park"/>
 <tile id="6" type="house"/>
 <tile id="7" type="tree"/>
 <tile id="8" type="water"/>
 <tile id="9" type="lawn"/>
 <tile id="10" type="depot"/>
</tileset>
