<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="out_for_delivery_tiles" tilewidth="32" tileheight="32" tilecount="9" columns="9">
 <image source="out_for_delivery_tiles.png" width="288" height="32"/>
  <tile id="0" type="offroad">
   <properties>
    <property name="look" value="plain"/>
   </properties>
  </tile>
  <tile id="1" type="offroad">
   <properties>
    <property name="look" value="forest"/>
   </properties>
  </tile>
  <tile id="2" type="offroad">
   <properties>
    <property name="look" value="hills"/>
   </properties>
  </tile>
  <tile id="3" type="offroad">
   <properties>
    <property name="look" value="peaks"/>
   </properties>
  </tile>
  <tile id="4" type="offroad">
   <properties>
    <property name="look" value="water"/>
   </properties>
  </tile>
  <tile id="5" type="road">
   <properties>
    <property name="look" value="road"/>
   </properties>
  </tile>
  <tile id="6" type="city">
   <properties>
    <property name="look" value="city"/>
   </properties>
  </tile>
  <tile id="7" type="mountain">
   <properties>
    <property name="look" value="mountain"/>
   </properties>
  </tile>
  <tile id="8" type="river">
   <properties>
    <property name="look" value="river"/>
   </properties>
  </tile>
</tileset>
