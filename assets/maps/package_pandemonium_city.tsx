<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="package_pandemonium_city" tilewidth="128" tileheight="128" tilecount="4" columns="4">
 <image source="package_pandemonium_city.png" width="512" height="128"/>
 <tile id="0" type="block"/>
 <tile id="1" type="park"/>
 <tile id="2" type="plaza"/>
 <tile id="3" type="electric">
  <properties>
   <property name="electric" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
